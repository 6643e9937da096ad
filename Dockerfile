FROM python:3.11-slim
# bin/web's defaults in the image: its tools on the PATH's Python, every interface, port 8000.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=false \
    BIN=/usr/local/bin HOST=0.0.0.0 PORT=8000
WORKDIR /app
# WeasyPrint's Pango (printing/) and the fonts the PDFs embed: Noto Sans CJK for Japanese.
RUN apt-get update && apt-get install -y --no-install-recommends libpango-1.0-0 \
      libpangoft2-1.0-0 fonts-dejavu-core fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.txt constraints.txt ./
RUN pip install --no-cache-dir -r requirements.txt -c constraints.txt
COPY . .
RUN SECRET_KEY=build-only-collectstatic python manage.py collectstatic --noinput
RUN useradd --create-home app && mkdir -p /app/data && chown app /app/data
USER app
EXPOSE 8000
CMD ["bin/web"]

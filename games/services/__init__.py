"""Services of the games app: writes, keyword-only, each in one transaction."""

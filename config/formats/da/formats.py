from config.formats import machine_first

globals().update(machine_first("da"))

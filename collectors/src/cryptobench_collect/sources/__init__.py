"""Where runs come from when nothing is run here: a device's serial console or a saved log."""

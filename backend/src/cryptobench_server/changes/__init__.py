"""Change detection (detect.py, pure), the changes table's producer (store.py) and run removal."""

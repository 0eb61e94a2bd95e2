"""仙境幽谷 · Wonderland Valley: data, loader and engine (`state.py`); not registered in the menu yet."""

"""仙境幽谷 · Wonderland Valley: data and loader so far; not registered in the menu yet."""

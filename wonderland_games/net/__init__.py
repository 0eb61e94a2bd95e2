"""Phones as private hands (issue 28, docs/phones.md).

The big screen stays the table; a seat set to Phone plays from a browser on the same network.
`host.PhoneHost` is the table's side (secrets, each phone's view and the actions it sends, all
read and written on the game's own thread); `server.PhoneServer` is the network side (aiohttp on
a worker thread: the page, its files, one WebSocket per phone); `hands` asks each game's
`phone.py` what a seat may see and do, in words; `client/` is the one page every game shares.
"""

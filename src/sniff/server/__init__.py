"""The server for online play: tables hosted for people who join with a code.

``sniff serve`` runs :class:`~sniff.server.app.SniffServer`. The server holds
every game (a :class:`~sniff.session.table.Table` per hosted table: the one
game loop); a seat's connection gets only what that seat may know, through the
wire format of :mod:`sniff.net`.
"""

"""The seat protocol: how seats, bots, the table display and service screens talk to the controller.

Length-prefixed frames of canonical JSON (:mod:`~terminal.net.codec`), typed and versioned messages
(:mod:`~terminal.net.messages`), per-seat keys (:mod:`~terminal.net.keys`), a handshake deriving a fresh
session key per connection with MACs and sequence numbers on every frame (:mod:`~terminal.net.session`),
and the asyncio server and client (:mod:`~terminal.net.server`, :mod:`~terminal.net.client`).
"""

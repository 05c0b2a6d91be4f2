"""SAS 6.02, the machine side: each seat of the table is a gaming machine on the casino's own system.

Read top to bottom: :mod:`crc` (CRC-16 Kermit), :mod:`bcd`, :mod:`wire` (the 9-bit characters on a byte
stream), :mod:`ports` (a serial port, a pty or a TCP bridge), :mod:`frames` (the polls a host sends),
:mod:`meters` and :mod:`exceptions` (what the ledger says, read-only), :mod:`state` (the SAS machine's own
store: the exception cursor and the link log), :mod:`machine` (a poll in, a response out) and :mod:`serve`
(one task per seat). ``docs/sas.md`` lists what is implemented poll by poll, and what is not.
"""

"""The casino floor: many tables, one voucher system, one view, on NATS JetStream.

Tables publish their ledger's outbox to the ``FLOOR`` stream (``floor.<table>.round|event|voucher``,
exactly once by message id) and keep vouchers in the ``VOUCHERS`` key-value bucket, where a redemption is
a compare-and-set on the key's revision. ``terminal floor`` consumes the stream into the floor store
(``terminal.ledger.floorstore``), prints the floor report, serves the floor manager's page and runs the
cage. Nothing here runs without a ``[floor]`` section; nothing here imports ``terminal.table``.

Modules: ``names`` (stream, bucket, subjects), ``connect`` (servers, TLS, credentials, stream and bucket
set-up), ``link`` (the table's publisher thread), ``witness`` (the ledger's last word on the floor),
``vouchers`` (the bucket's records and compare-and-set), ``consumer``, ``report``, ``cage``, ``web``;
``signing`` (Ed25519 keys and signatures), ``registry`` (the accepted tables' keys, ``TABLES`` bucket),
``signed`` (the last message a signer really signed), ``orders`` (out of service and back).
"""

"""Software verification: the signed manifest of program files (``manifest``), the boot policy (``boot``)."""

"""The certified RNG module: NIST SP 800-90A DRBGs, SP 800-90B health tests, unbiased scaling.

Imports nothing from ``terminal``. The table draws every outcome through this package's recipe layer.
"""

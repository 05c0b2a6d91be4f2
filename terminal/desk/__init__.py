"""The service desk: service mode's back end at the table controller.

Every ``ServiceCommand`` is checked here (service key, PIN session, role, two people) and carried out
against the table and its ledger: users and their scrypt PINs, lockouts, the role table, the acts
(meters, events, recall, vouchers, hand-pay, tilts, configuration change, RAM clear, self-tests, the
end-of-day report) and the typed replies they send. The service *screens* are ``terminal/service/``;
they speak the protocol and never import this package.

The desk sits above the round engine: it imports ``table/`` and ``ledger/``, and ``table/`` never
imports it (the controller reaches the desk through a narrow protocol handed in by the shell that
builds both). Only the shells import it: the lab tools and the command line.
"""

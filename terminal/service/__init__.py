"""The service screen: a pygame application for technicians and attendants that speaks the protocol.

It never imports the ledger or the table: every figure comes from the controller's typed replies
(``terminal.net.messages.service``), and every act is a ``ServiceCommand`` the controller checks.
"""

"""The table's devices: bill acceptor, ticket reader, ticket printer, door sensors and service key.

:mod:`~terminal.devices.interfaces` declares what the controller may ask of each device;
:mod:`~terminal.devices.events` the frozen events the devices report; :mod:`~terminal.devices.simulated`
implements every interface in software, scriptable by tests and the headless table (insert a bill,
jam the stacker, open a door, turn the key). A real driver implements the same interfaces.
"""

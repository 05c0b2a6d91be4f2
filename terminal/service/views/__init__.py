"""The service screen's views: one module per screen, each a thin function of the state.

A view draws a :class:`~terminal.service.views.scene.Scene` (the state, the station, the catalogue, the
frame) with the widgets, into the rectangles its geometry gives, and gives every touch area the intent a
touch there posts. :mod:`.screen` draws the whole screen: the frame, the screen shown, any dialog.
"""

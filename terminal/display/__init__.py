"""The shared table display (pyglet): wheel, dice, football field, history board, banners.

Two layers, kept apart on purpose. The pure layer (``model``, ``scene``, ``wheel_motion``,
``dice_motion``, ``field_motion``, ``boards``, ``catalog``) turns protocol messages into a frozen model and
the model plus an instant into what to draw; it imports no pyglet, so tests can check any instant of any
animation. The drawing layer (``gl``, ``painter``, ``app``, ``screens``) paints a :class:`scene.Scene`
from cached pyglet batches. ``link`` runs the protocol client in a thread of its own.
"""

"""The table's sounds: which clip says what (:mod:`.calls`), when a face plays it (:mod:`.cues`), and
how it is played (:mod:`.player`: the volume and a sink; :mod:`.mixer`: the sink on ``pygame.mixer``).

The seat (pygame) and the table display (pyglet) both play through ``pygame.mixer`` (the reason is in
:mod:`.mixer`). Tests and headless runs play nothing: a face built without a sink is silent, and a
machine without an audio device logs one line and goes on silent.
"""

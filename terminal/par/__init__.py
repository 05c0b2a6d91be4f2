"""The lab's PAR sheet: the rows every game computes exactly (``terminal/games/<game>/par.py``), rendered."""

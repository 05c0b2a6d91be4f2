"""Where everything sits on the service screen: the frame's bands and each screen's rectangles, as data.

Views never do pixel arithmetic: they ask this package for a screen's geometry (a frozen record of
rectangles, points, widths and row steps) and draw into it. :mod:`.frame` cuts the screen into its bands
(header, menu, content, status line); :mod:`.forms`, :mod:`.lists` and :mod:`.panels` place each screen's
parts in the content band.
"""

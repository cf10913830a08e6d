"""The pub's TV: the blind clock's countdown (counted in the browser from the server's state), and its other
screens: the seating, the night's figures, the eliminations and the season standings. `views`: the night's TV
(`/nights/<id>/clock/`); `displays`: a named TV's (`/tv/<key>/`), each with its own screen; `screens`: what
they show."""

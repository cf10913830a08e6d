"""The pub's TV: the blind clock's countdown (counted in the browser from the server's state), and its other
screens: the seating, the night's figures, the eliminations and the season standings."""

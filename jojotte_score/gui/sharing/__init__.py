"""File > Share with the table…: the score on the players' phones, from the window."""

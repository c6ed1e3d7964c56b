"""The table display: the score in large type on a screen facing the players."""

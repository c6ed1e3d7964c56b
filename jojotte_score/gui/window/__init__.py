"""The main window and what starts it: the app, its actions and menus, its dialogs, the
settings and the language it speaks."""

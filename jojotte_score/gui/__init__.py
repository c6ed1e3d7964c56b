"""The desktop scorepad: Qt widgets over the core, the storage and the sheet renderer."""

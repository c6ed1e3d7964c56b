"""The score sheet: a pure layout of the bridge pad and one routine that paints it."""

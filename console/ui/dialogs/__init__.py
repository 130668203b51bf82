"""Modal dialogs that return typed results: forms and the call for Nish."""

"""R: the session's recap and the campaign's calibration (issue 30)."""

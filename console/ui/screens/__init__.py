"""Full screens: the main screen, its status header and F1 help."""

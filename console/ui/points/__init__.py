"""The awarder of a campaign playing another system than MetaScape (issue 18): Metalface
success points, their mission's end and the Faith and Blessing pools; Façade EP and their
trades; the d10 pool's plain points."""

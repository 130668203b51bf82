"""The dice calculator (issue 18): every system's exact odds and dice reading at hand."""

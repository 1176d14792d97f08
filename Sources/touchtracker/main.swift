import TouchTrackerApp
print("touchtracker")

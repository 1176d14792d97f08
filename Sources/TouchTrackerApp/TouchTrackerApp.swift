import WaylandClient
import Render
public enum TouchTrackerAppModule {}

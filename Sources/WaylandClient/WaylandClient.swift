import CWaylandClient
import CWaylandProtocols
import CWaylandCursor
import CXKBCommon
import CPlatform
public enum WaylandClientModule {}

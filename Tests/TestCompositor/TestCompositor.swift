import CWaylandServer
import CWaylandServerProtocols
import CPlatform
public enum TestCompositorModule {}

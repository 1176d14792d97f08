import CCairo
public enum RenderModule {}

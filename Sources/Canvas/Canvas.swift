public enum CanvasModule {}

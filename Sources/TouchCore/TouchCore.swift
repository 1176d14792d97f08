public enum TouchCoreModule {}

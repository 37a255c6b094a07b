public enum LayoutEngineModule {}

public enum LayoutServiceModule {}

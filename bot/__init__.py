"""The Ranch Hand runtime: configuration, storage, the match service and the Discord client."""

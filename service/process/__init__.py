"""Running the service: configuration, the supervisor and one worker's servers."""

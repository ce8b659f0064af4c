"""The web table at /play: a browser front end built from clients/ts (see `bundle`)."""

"""A house's own rules, kept in a folder of its own beside the bundled editions: started
in one command (`new`), and checked by `pokerrules validate --rules DIR`."""

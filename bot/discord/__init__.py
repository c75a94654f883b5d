"""Everything that knows Discord: the client, the composition root, the cogs,
the components, the timer listeners, the announcer and the one markup module.

The application (:mod:`bot.app`) and the storage know nothing of this package;
the words of each screen (:mod:`bot.words`) use its :mod:`~bot.discord.markup`.
"""

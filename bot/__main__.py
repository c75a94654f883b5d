from .launcher import main

# Guarded: a worker process of the AI (bot.thinking) may import the main module again.
if __name__ == "__main__":
    main()

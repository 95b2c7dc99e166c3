"""Reading a reply as a careful human reader would: its text (any charset, HTML, signed), the blocks the player wrote, and the lines meant as commands."""

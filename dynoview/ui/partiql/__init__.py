"""The PartiQL tab: the editor with highlighting and completion, and its controller.
"""

"""Computed rulings: the number a rule gives (a pot-limit maximum, a minimum raise, a side
pot, an odd chip's seat, a payout), its working, and the house settings it used."""

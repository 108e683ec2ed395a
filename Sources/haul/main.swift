import HaulKit
print("haul")

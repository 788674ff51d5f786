-- Reference data that is part of the product, installed whatever DEMO_DATA says: zones, the states and
-- union territories of India, products 9-36 with their lines, business and reporting types, and a default
-- list of insurers (a distributor adds its own through the insurers import). Ids match the demo data's.
-- Lead categories and slots come with 005_callcentre.sql. Frozen once committed.

insert into zones (id, name) values
  (1, 'North'),
  (2, 'West'),
  (3, 'South'),
  (4, 'East')
on conflict do nothing;

insert into states (id, name, zone_id) values
  (1, 'Delhi', 1),
  (2, 'Punjab', 1),
  (3, 'Haryana', 1),
  (4, 'Uttar Pradesh', 1),
  (5, 'Rajasthan', 1),
  (6, 'Himachal Pradesh', 1),
  (7, 'Uttarakhand', 1),
  (8, 'Jammu and Kashmir', 1),
  (9, 'Chandigarh', 1),
  (10, 'Maharashtra', 2),
  (11, 'Gujarat', 2),
  (12, 'Goa', 2),
  (13, 'Madhya Pradesh', 2),
  (14, 'Chhattisgarh', 2),
  (15, 'Karnataka', 3),
  (16, 'Tamil Nadu', 3),
  (17, 'Kerala', 3),
  (18, 'Telangana', 3),
  (19, 'Andhra Pradesh', 3),
  (20, 'Puducherry', 3),
  (21, 'West Bengal', 4),
  (22, 'Odisha', 4),
  (23, 'Bihar', 4),
  (24, 'Jharkhand', 4),
  (25, 'Assam', 4),
  (26, 'Meghalaya', 4),
  (27, 'Tripura', 4),
  (28, 'Arunachal Pradesh', 4),
  (29, 'Manipur', 4),
  (30, 'Mizoram', 4),
  (31, 'Nagaland', 4),
  (32, 'Sikkim', 4),
  (33, 'Andaman and Nicobar Islands', 4),
  (34, 'Dadra and Nagar Haveli and Daman and Diu', 2),
  (35, 'Ladakh', 1),
  (36, 'Lakshadweep', 3)
on conflict do nothing;

insert into products (product_type_id, name, line, product_type, weightage_factor) values
  (9, 'Two Wheeler Comprehensive', 'motor', 'motor', 1),
  (10, 'Four Wheeler Comprehensive', 'motor', 'motor', 1),
  (11, 'Health Topup', 'health', 'health', 1.5),
  (12, 'Health Base', 'health', 'health', 1.5),
  (13, 'SME Fire', 'sme', 'sme', 1.2),
  (14, 'SME Marine', 'sme', 'sme', 1.2),
  (15, 'Personal Loan', 'loan', 'rb_loan', 0.5),
  (16, 'Credit Card', 'loan', 'rb_cards', 0.5),
  (17, 'Auto Loan', 'loan', 'auto_loan', 0.5),
  (18, 'Road Side Assistance', 'motor', 'rsa', 0.8),
  (19, 'Health Wellness', 'health', 'rb_wellness', 1.5),
  (20, 'Suraksha Gold', 'health', 'rb_suraksha_gold', 1.5),
  (21, 'RPA', 'sme', 'sme', 1.2),
  (22, 'Commercial PCV', 'cv', 'cv', 1),
  (23, 'Commercial GCV', 'cv', 'cv', 1),
  (24, 'Commercial MISC', 'cv', 'cv', 1),
  (25, 'TravAssured', 'travel', 'travel', 1.1),
  (26, 'HealthAssure', 'health', 'health', 1.5),
  (27, 'TravAssured w/o SIM', 'travel', 'travel', 1.1),
  (28, 'TwoWheelerFP', 'motor', 'motor', 1),
  (29, 'Two Wheeler Third Party', 'motor', 'motor', 0.7),
  (30, 'Four Wheeler Third Party', 'motor', 'motor', 0.7),
  (31, 'PCV Third Party', 'cv', 'cv', 0.7),
  (32, 'GCV Third Party', 'cv', 'cv', 0.7),
  (33, 'MISC Third Party', 'cv', 'cv', 0.7),
  (34, 'Life Protection', 'life', 'life', 2),
  (35, 'Life Saving', 'life', 'life', 2),
  (36, 'Life Trop', 'life', 'life', 2)
on conflict do nothing;

insert into business_types (id, name) values
  (1, 'New Business'),
  (2, 'Rollover'),
  (3, 'Renewal')
on conflict do nothing;

insert into reporting_types (id, name) values
  (2, 'Partner to Field RM'),
  (8, 'Partner to Health FRM'),
  (9, 'Partner to Life FRM'),
  (20, 'Motor Health Life FRM Hybrid'),
  (21, 'Motor Life FRM Hybrid'),
  (22, 'Motor Health FRM Hybrid'),
  (23, 'Health Life FRM Hybrid')
on conflict do nothing;

insert into insurers (id, name) values
  (1, 'ICICI Lombard'),
  (2, 'HDFC ERGO'),
  (3, 'Bajaj Allianz'),
  (4, 'TATA AIG'),
  (5, 'Reliance General'),
  (6, 'SBI General'),
  (7, 'Digit'),
  (8, 'Acko'),
  (9, 'Future Generali'),
  (10, 'Royal Sundaram'),
  (11, 'IFFCO Tokio'),
  (12, 'Chola MS'),
  (13, 'Kotak General'),
  (14, 'Liberty General'),
  (15, 'Magma HDI'),
  (16, 'Shriram General'),
  (17, 'New India Assurance'),
  (18, 'United India'),
  (19, 'Star Health'),
  (20, 'Niva Bupa'),
  (21, 'Care Health'),
  (22, 'Aditya Birla Health'),
  (23, 'ManipalCigna'),
  (24, 'HDFC Life'),
  (25, 'ICICI Prudential Life'),
  (26, 'Max Life'),
  (27, 'Tata AIA Life'),
  (28, 'SBI Life'),
  (29, 'Bajaj Allianz Life'),
  (30, 'Kotak Life'),
  (31, 'PNB MetLife'),
  (32, 'Aditya Birla Sun Life'),
  (33, 'Bajaj Finserv'),
  (34, 'HDFC Bank'),
  (35, 'ICICI Bank'),
  (36, 'Axis Bank'),
  (37, 'Tata Capital')
on conflict do nothing;


-- docs/campaigns.md "The checkout's reads": campaigns and coupons are the campaign squad's data, which the checkout
-- reads through the campaign squad's typed internal routes. These copies from 0002_commerce.sql have not been read
-- since that move, so they go (the contract step of docs/releases.md "Migrations"). Orders keep the code they were
-- sold with in checkout.orders.coupon_code.
DROP TABLE IF EXISTS checkout.coupons;
DROP TABLE IF EXISTS checkout.campaigns;
